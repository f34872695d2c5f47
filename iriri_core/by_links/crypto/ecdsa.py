"""ECDSA over P-256 with SHA-256, in the formats WebCrypto uses.

This module owns signatures: a key pair, signing (for tests and for Python
users; the page signs with WebCrypto) and checking a signature (which the
engine does for every move that comes in a link).  Formats as WebCrypto's
``{name: "ECDSA", namedCurve: "P-256"}`` with ``hash: "SHA-256"`` has them:

* a public key is the "raw" export: 65 bytes, 0x04 then x and y;
* a signature is r then s, 32 bytes each (IEEE P1363), 64 bytes in all.

Signing draws its nonce as RFC 6979 says (from the key and the message,
by HMAC-SHA256), so the same message and key always give the same
signature and no random source can weaken the key.  WebCrypto draws its
nonce at random instead; both kinds of signature check the same way.

>>> key = PrivateKey(7)
>>> signature = key.sign(b"enter LMS 1 4 8")
>>> len(signature), verify(key.public_bytes(), b"enter LMS 1 4 8", signature)
(64, True)
>>> verify(key.public_bytes(), b"enter LMS 1 4 7", signature)
False
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from .p256 import G, N, PointError, check_scalar, decode_point, encode_point, mul, mul_add, random_scalar

SIGNATURE_BYTES = 64
PUBLIC_KEY_BYTES = 65


def _digest_int(message: bytes) -> int:
    """SHA-256 of the message as an integer (its 256 bits are the order's
    length, so nothing is cut off)."""
    return int.from_bytes(hashlib.sha256(message).digest(), "big")


def _nonce(secret: int, message: bytes) -> int:
    """The nonce RFC 6979 (section 3.2) gives for ``secret`` and ``message``."""
    x = secret.to_bytes(32, "big")
    h = (_digest_int(message) % N).to_bytes(32, "big")
    v = b"\x01" * 32
    k = b"\x00" * 32
    k = hmac.new(k, v + b"\x00" + x + h, hashlib.sha256).digest()
    v = hmac.new(k, v, hashlib.sha256).digest()
    k = hmac.new(k, v + b"\x01" + x + h, hashlib.sha256).digest()
    v = hmac.new(k, v, hashlib.sha256).digest()
    while True:
        v = hmac.new(k, v, hashlib.sha256).digest()
        candidate = int.from_bytes(v, "big")
        if 1 <= candidate < N:
            return candidate
        k = hmac.new(k, v + b"\x00", hashlib.sha256).digest()
        v = hmac.new(k, v, hashlib.sha256).digest()


@dataclass(frozen=True, repr=False)
class PrivateKey:
    """A signing key: a secret scalar in [1, N-1] (never shown by repr)."""

    secret: int

    def __post_init__(self) -> None:
        check_scalar(self.secret, "a P-256 private key")

    def __repr__(self) -> str:
        return "PrivateKey(<secret>)"

    @classmethod
    def generate(cls) -> PrivateKey:
        """A new key from the system's secure random source."""
        return cls(random_scalar())

    def public_bytes(self) -> bytes:
        """The public key, 65 bytes (WebCrypto's "raw" export)."""
        return encode_point(mul(self.secret, G))

    def sign(self, message: bytes) -> bytes:
        """The signature of ``message``: r then s, 64 bytes."""
        z = _digest_int(message)
        k = _nonce(self.secret, message)
        point = mul(k, G)
        assert point is not None  # k is in [1, N-1]
        r = point[0] % N
        s = pow(k, -1, N) * (z + r * self.secret) % N
        if r == 0 or s == 0:  # about 2^-256: never met, but the standard says try again
            raise ArithmeticError("this message cannot be signed with this nonce")
        return r.to_bytes(32, "big") + s.to_bytes(32, "big")


def verify(public_key: bytes, message: bytes, signature: bytes) -> bool:
    """Whether ``signature`` (r then s, 64 bytes) is the signature of
    ``message`` by the holder of ``public_key`` (65 bytes, or 33 compressed).
    Anything malformed is False, never an error."""
    if len(signature) != SIGNATURE_BYTES:
        return False
    try:
        point = decode_point(public_key)
    except PointError:
        return False
    r = int.from_bytes(signature[:32], "big")
    s = int.from_bytes(signature[32:], "big")
    if not (1 <= r < N and 1 <= s < N):
        return False
    w = pow(s, -1, N)
    found = mul_add([(_digest_int(message) * w % N, G), (r * w % N, point)])
    return found is not None and found[0] % N == r

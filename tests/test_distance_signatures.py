"""P-256 and ECDSA of iriri_core.by_links.crypto, checked against the
`cryptography` package (a test dependency only: the package never imports
it) and against RFC 6979's test vector."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from hypothesis import given, settings
from hypothesis import strategies as st

from iriri_core.by_links.crypto import ecdsa, p256
from iriri_core.by_links.crypto.ecdsa import PrivateKey, verify
from iriri_core.by_links.crypto.locking import Lock

SCALARS = st.integers(min_value=1, max_value=p256.N - 1)


def their_key(secret: int) -> ec.EllipticCurvePrivateKey:
    return ec.derive_private_key(secret, ec.SECP256R1())


def their_public_bytes(key: ec.EllipticCurvePrivateKey, fmt: serialization.PublicFormat) -> bytes:
    return key.public_key().public_bytes(serialization.Encoding.X962, fmt)


def raw(der: bytes) -> bytes:
    r, s = decode_dss_signature(der)
    return r.to_bytes(32, "big") + s.to_bytes(32, "big")


@settings(max_examples=15, deadline=None)
@given(SCALARS)
def test_public_keys_are_theirs_in_both_encodings(secret: int) -> None:
    theirs = their_key(secret)
    mine = PrivateKey(secret)
    assert mine.public_bytes() == their_public_bytes(theirs, serialization.PublicFormat.UncompressedPoint)
    point = p256.decode_point(mine.public_bytes())
    assert p256.compress(point) == their_public_bytes(theirs, serialization.PublicFormat.CompressedPoint)


@settings(max_examples=10, deadline=None)
@given(SCALARS, SCALARS)
def test_multiplying_any_point_matches_their_key_agreement(mine: int, other: int) -> None:
    """ECDH's shared secret is the x of mine·(other·G): the multiplication
    of a point that is not G, checked against theirs."""
    shared = their_key(mine).exchange(ec.ECDH(), their_key(other).public_key())
    point = p256.mul(mine, p256.mul(other, p256.G))
    assert point is not None and point[0].to_bytes(32, "big") == shared


@settings(max_examples=10, deadline=None)
@given(SCALARS, st.binary(max_size=200))
def test_they_accept_my_signatures_and_i_accept_theirs(secret: int, message: bytes) -> None:
    key, theirs = PrivateKey(secret), their_key(secret)
    signature = key.sign(message)
    r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
    theirs.public_key().verify(encode_dss_signature(r, s), message, ec.ECDSA(hashes.SHA256()))
    their_signature = raw(theirs.sign(message, ec.ECDSA(hashes.SHA256())))
    assert verify(key.public_bytes(), message, their_signature)


def test_they_refuse_a_signature_of_another_message() -> None:
    key = PrivateKey(99)
    signature = key.sign(b"play 6-5 left")
    r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
    with pytest.raises(InvalidSignature):
        their_key(99).public_key().verify(
            encode_dss_signature(r, s), b"play 6-5 right", ec.ECDSA(hashes.SHA256())
        )
    assert not verify(key.public_bytes(), b"play 6-5 right", signature)  # and ours refuses it too


def test_signing_follows_rfc_6979() -> None:
    """RFC 6979, A.2.5: P-256, SHA-256, the message "sample"."""
    key = PrivateKey(0xC9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721)
    assert key.public_bytes().hex() == (
        "04"
        "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
        "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299"
    )
    assert key.sign(b"sample").hex() == (
        "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
        "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8"
    )


def test_every_change_to_a_signed_move_is_refused() -> None:
    key = PrivateKey(0x1234)
    public = key.public_bytes()
    message = b"enter LMS 1 4 8"
    signature = key.sign(message)
    assert verify(public, message, signature)
    for index in range(0, 64, 7):
        changed = bytearray(signature)
        changed[index] ^= 1
        assert not verify(public, message, bytes(changed))
    assert not verify(public, message + b" ", signature)
    assert not verify(PrivateKey(0x1235).public_bytes(), message, signature)


@pytest.mark.parametrize(
    "public, signature, why",
    [
        (b"\x04" + bytes(64), None, "a key off the curve"),
        (b"\x05" + bytes(64), None, "a key of the wrong kind"),
        (None, bytes(64), "r and s of zero"),
        (None, p256.N.to_bytes(32, "big") * 2, "r and s of the order"),
        (None, bytes(63), "a signature too short"),
    ],
)
def test_malformed_keys_and_signatures_are_refused_not_errors(
    public: bytes | None, signature: bytes | None, why: str
) -> None:
    key = PrivateKey(5)
    message = b"pass"
    good_signature = key.sign(message)
    assert not verify(public or key.public_bytes(), message, signature or good_signature), why


def test_group_laws() -> None:
    a, b = 0xDEADBEEF, p256.N - 3
    assert p256.mul(a, p256.mul(b, p256.G)) == p256.mul(a * b, p256.G)
    assert p256.add(p256.mul(a, p256.G), p256.mul(b, p256.G)) == p256.mul(a + b, p256.G)
    assert p256.mul_add([(a, p256.G), (b, p256.mul(7, p256.G))]) == p256.mul(a + 7 * b, p256.G)
    assert p256.on_curve(p256.mul(a, p256.G))


def test_the_signed_digest_is_sha256() -> None:
    """A signature of the digest's preimage checks; of the digest itself, not."""
    key = PrivateKey(77)
    assert verify(key.public_bytes(), b"abc", key.sign(b"abc"))
    assert not verify(key.public_bytes(), hashlib.sha256(b"abc").digest(), key.sign(b"abc"))


def test_lengths_are_webcryptos() -> None:
    assert (ecdsa.PUBLIC_KEY_BYTES, ecdsa.SIGNATURE_BYTES) == (65, 64)
    assert len(PrivateKey.generate().public_bytes()) == 65


def test_secret_scalars_are_drawn_and_checked_in_p256_only() -> None:
    """One way to draw a secret scalar (a signing key, a lock, a proof's
    nonce) and one check of it, p256.random_scalar and p256.check_scalar,
    which every other module uses: a fault mended there is mended everywhere."""
    drawn = {p256.random_scalar() for _ in range(64)}
    assert len(drawn) == 64 and all(1 <= k < p256.N for k in drawn)
    assert p256.check_scalar(p256.N - 1, "a lock") == p256.N - 1
    for bad in (0, p256.N, -5):
        with pytest.raises(ValueError, match=r"^a lock is a number from 1 to the group's order less one$"):
            p256.check_scalar(bad, "a lock")
        with pytest.raises(ValueError, match=r"^a P-256 private key is a number from 1 to"):
            PrivateKey(bad)
        with pytest.raises(ValueError, match=r"^a lock is a number from 1 to"):
            Lock(bad)
    for path in Path(p256.__file__).parent.glob("*.py"):
        if path.name != "p256.py":
            text = path.read_text(encoding="utf-8")
            assert "randbelow" not in text and not re.search(r"1 <= (self\.)?secret < N", text), path.name

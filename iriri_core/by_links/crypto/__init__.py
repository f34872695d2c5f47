"""Playing a friend elsewhere by links, with nobody able to cheat: the
cryptographic core (docs/distance.md has the protocol).

Pure Python with the standard library only, so it runs in Pyodide:

* :mod:`.p256`: the curve NIST P-256, its points and their bytes;
* :mod:`.ecdsa`: signatures as WebCrypto makes them (ECDSA, P-256, SHA-256);
* :mod:`.chains`: hash chains for commit and reveal, and chance made from
  both players' values;
* :mod:`.locking`: cards as points and commutative locks on them;
* :mod:`.proofs`: proofs that a lock was lifted honestly;
* :mod:`.deal`: one player's side of a deal by mental poker;
* :mod:`.measure`: the time and bytes of each, for docs/distance.md.

It imports nothing else of the package (layer 0, docs/page.md).
"""

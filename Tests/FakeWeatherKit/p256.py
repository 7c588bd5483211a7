"""ES256 (ECDSA over NIST P-256 with SHA-256) signature verification in pure Python.

Independent of OpenSSL on purpose: the fake WeatherKit server must not share a code path with
the client it checks. Only verification is implemented (no signing, no secrets).

Points use Jacobian coordinates (X, Y, Z) ~ affine (X/Z^2, Y/Z^3); inverses use pow(x, -1, p).
"""

import base64
import hashlib
import re

P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
A = P - 3
B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
G = (
    0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
    0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5,
)
INFINITY = (0, 1, 0)

# DER OIDs: id-ecPublicKey 1.2.840.10045.2.1 and prime256v1 1.2.840.10045.3.1.7
OID_EC_PUBLIC_KEY = bytes.fromhex("2a8648ce3d0201")
OID_PRIME256V1 = bytes.fromhex("2a8648ce3d030107")


def on_curve(x, y):
    return 0 <= x < P and 0 <= y < P and (y * y - (x * x * x + A * x + B)) % P == 0


def _double(point):
    x1, y1, z1 = point
    if z1 == 0 or y1 == 0:
        return INFINITY
    delta = z1 * z1 % P
    gamma = y1 * y1 % P
    beta = x1 * gamma % P
    alpha = 3 * (x1 - delta) * (x1 + delta) % P  # a = -3 shortcut
    x3 = (alpha * alpha - 8 * beta) % P
    z3 = ((y1 + z1) * (y1 + z1) - gamma - delta) % P
    y3 = (alpha * (4 * beta - x3) - 8 * gamma * gamma) % P
    return (x3, y3, z3)


def _add(p1, p2):
    x1, y1, z1 = p1
    x2, y2, z2 = p2
    if z1 == 0:
        return p2
    if z2 == 0:
        return p1
    z1z1 = z1 * z1 % P
    z2z2 = z2 * z2 % P
    u1 = x1 * z2z2 % P
    u2 = x2 * z1z1 % P
    s1 = y1 * z2 * z2z2 % P
    s2 = y2 * z1 * z1z1 % P
    if u1 == u2:
        return _double(p1) if s1 == s2 else INFINITY
    h = (u2 - u1) % P
    r = (s2 - s1) % P
    h2 = h * h % P
    h3 = h * h2 % P
    u1h2 = u1 * h2 % P
    x3 = (r * r - h3 - 2 * u1h2) % P
    y3 = (r * (u1h2 - x3) - s1 * h3) % P
    z3 = h * z1 * z2 % P
    return (x3, y3, z3)


def _affine(point):
    x, y, z = point
    if z == 0:
        return None
    z_inv = pow(z, -1, P)
    z_inv2 = z_inv * z_inv % P
    return (x * z_inv2 % P, y * z_inv2 * z_inv % P)


def _twin_multiply(u1, u2, q):
    """u1*G + u2*Q with Shamir's trick (one pass over the bits)."""
    g = (G[0], G[1], 1)
    qj = (q[0], q[1], 1)
    gq = _add(g, qj)
    result = INFINITY
    for bit in range(max(u1.bit_length(), u2.bit_length()) - 1, -1, -1):
        result = _double(result)
        b1 = (u1 >> bit) & 1
        b2 = (u2 >> bit) & 1
        if b1 and b2:
            result = _add(result, gq)
        elif b1:
            result = _add(result, g)
        elif b2:
            result = _add(result, qj)
    return result


def verify(public_key, message, signature):
    """True when the 64-byte R||S `signature` over `message` verifies with `public_key` (x, y)."""
    if len(signature) != 64:
        return False
    r = int.from_bytes(signature[:32], "big")
    s = int.from_bytes(signature[32:], "big")
    if not (1 <= r < N and 1 <= s < N):
        return False
    e = int.from_bytes(hashlib.sha256(message).digest(), "big")
    w = pow(s, -1, N)
    point = _affine(_twin_multiply(e * w % N, r * w % N, public_key))
    return point is not None and point[0] % N == r


def _der_read(data, offset):
    """Returns (tag, content_start, content_end) of the DER element at `offset`."""
    tag = data[offset]
    length = data[offset + 1]
    start = offset + 2
    if length & 0x80:
        count = length & 0x7F
        length = int.from_bytes(data[start:start + count], "big")
        start += count
    end = start + length
    if end > len(data):
        raise ValueError("DER element runs past the end")
    return tag, start, end


def public_key_from_pem(text):
    """(x, y) from a PEM SubjectPublicKeyInfo holding an uncompressed P-256 point."""
    match = re.search(r"-----BEGIN PUBLIC KEY-----(.*?)-----END PUBLIC KEY-----", text, re.S)
    if not match:
        raise ValueError("no BEGIN PUBLIC KEY block")
    der = base64.b64decode("".join(match.group(1).split()))
    tag, start, end = _der_read(der, 0)
    if tag != 0x30:
        raise ValueError("SubjectPublicKeyInfo is not a SEQUENCE")
    tag, alg_start, alg_end = _der_read(der, start)
    algorithm = der[alg_start:alg_end]
    if tag != 0x30 or OID_EC_PUBLIC_KEY not in algorithm or OID_PRIME256V1 not in algorithm:
        raise ValueError("not an EC P-256 public key")
    tag, bits_start, bits_end = _der_read(der, alg_end)
    bits = der[bits_start:bits_end]
    if tag != 0x03 or len(bits) != 66 or bits[0] != 0 or bits[1] != 0x04:
        raise ValueError("expected an uncompressed point in the BIT STRING")
    return public_key_from_xy(bits[2:34], bits[34:66])


def public_key_from_xy(x_bytes, y_bytes):
    x = int.from_bytes(x_bytes, "big")
    y = int.from_bytes(y_bytes, "big")
    if not on_curve(x, y):
        raise ValueError("point is not on P-256")
    return (x, y)

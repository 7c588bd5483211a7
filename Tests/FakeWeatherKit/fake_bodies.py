"""Bodies for the fake server's `patch` and `gzipBomb` faults (see README.md)."""

import json
import threading
import zlib


def patched(body, patches):
    """The body as JSON text with each patch's raw JSON text put at its path.

    A path is dot-separated: member names, list indexes, or `*` for every element of a list.
    The text is spliced in verbatim (through a placeholder), so values Python cannot write,
    such as `1e999` or a bare `NaN`, reach the client as given. Paths that lead nowhere (a data
    set that was not asked for) change nothing."""
    texts = {}
    for number, (path, text) in enumerate(patches):
        placeholder = f"__fake_patch_{number}__"
        texts[placeholder] = text
        targets = [body]
        parts = path.split(".")
        for part in parts[:-1]:
            following = []
            for target in targets:
                if part == "*" and isinstance(target, list):
                    following.extend(target)
                elif isinstance(target, list) and part.isdigit() and int(part) < len(target):
                    following.append(target[int(part)])
                elif isinstance(target, dict) and part in target:
                    following.append(target[part])
            targets = following
        last = parts[-1]
        for target in targets:
            if isinstance(target, dict):
                target[last] = placeholder
            elif isinstance(target, list) and last == "*":
                target[:] = [placeholder] * len(target)
            elif isinstance(target, list) and last.isdigit() and int(last) < len(target):
                target[int(last)] = placeholder
    text = json.dumps(body, separators=(",", ":"))
    for placeholder, value in texts.items():
        text = text.replace(f'"{placeholder}"', value)
    return text.encode()


_BOMBS = {}
_BOMBS_LOCK = threading.Lock()


def gzip_bomb(megabytes):
    """A gzip body inflating to `megabytes` MiB of spaces (about 1 KB per MiB), made once."""
    with _BOMBS_LOCK:
        if megabytes not in _BOMBS:
            # One gzip member inflating to 1 MiB, repeated: a gzip stream may hold several
            # members one after another (RFC 1952 §2.2), and every decoder inflates them all.
            # Compressing the whole GiB took 6 s of CPU, which on a loaded machine outlasted
            # the client's 30 s timeout before the headers were even sent.
            compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
            member = compressor.compress(b" " * (1 << 20)) + compressor.flush()
            _BOMBS[megabytes] = member * megabytes
        return _BOMBS[megabytes]


# urllib.py - the package of urllib.parse (URL splitting and quoting), urllib.error and
# urllib.request (no network stack: opening a URL raises URLError).

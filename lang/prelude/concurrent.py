# concurrent.py - the package of concurrent.futures (thread pools over green threads).

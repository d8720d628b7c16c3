# ipykernel.py - the parts of ipykernel that notebooks import: the comm API (ipykernel.comm).
version_info = (6, 29, 5)
__version__ = "6.29.5"

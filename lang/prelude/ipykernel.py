# ipykernel.py - the parts of ipykernel that notebooks import: the comm API (ipykernel.comm).

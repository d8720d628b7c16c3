# ipykernel.comm.py - ipykernel's Comm and CommManager, which are the `comm` module's.
from comm import Comm, CommManager, BaseComm

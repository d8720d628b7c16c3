print(chr(0x110000))

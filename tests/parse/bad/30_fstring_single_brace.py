y = f"a } b"

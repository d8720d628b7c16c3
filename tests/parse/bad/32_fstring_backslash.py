y = f"{'\\n'.join(a)}"

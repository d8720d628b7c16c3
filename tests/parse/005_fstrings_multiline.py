msg = f"""
Loss: {loss:.4f}
Accuracy: {acc * 100:.1f}%
  indented {value}
"""
print(f"epoch {epoch}: "
      f"loss={loss:.3f} "
      f"acc={acc:.3f}")
x = (f"{a}"
     "b"
     f"{c}")
y = f'''{
a}'''
z = f"""{a
+ b}"""

x = 1
print(f"""{f'''{f"{f'{x}'}"}'''}""")
raise RuntimeError('end')

w = 10**12
print(f'{1:{w}}')

print(sum(['a', 'b']))

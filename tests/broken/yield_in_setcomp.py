# yield inside a set comprehension at module level
s = {(yield) for i in range(3)}

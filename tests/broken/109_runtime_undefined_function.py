result = compute(3)

# A traceback through several function frames
def parse_ratio(text):
    num, den = text.split("/")
    return int(num) / int(den)

def average_ratio(items):
    total = 0.0
    for item in items:
        total += parse_ratio(item)
    return total / len(items)

def main():
    print("start")
    result = average_ratio(["1/2", "3/4", "5/0"])
    print("result", result)

main()

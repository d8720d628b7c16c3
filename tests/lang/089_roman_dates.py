# Small classic exercises: roman numerals both ways, leap years, day of the year, weekday
VALUES = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
def to_roman(n):
    out = ""
    for v, s in VALUES:
        while n >= v:
            out += s
            n -= v
    return out
def from_roman(s):
    m = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    total = 0
    for i, ch in enumerate(s):
        v = m[ch]
        if i + 1 < len(s) and m[s[i + 1]] > v:
            total -= v
        else:
            total += v
    return total
for n in [1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999]:
    r = to_roman(n)
    print(n, r, from_roman(r) == n)
def is_leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
print([y for y in range(1896, 1920) if is_leap(y)], is_leap(2000), is_leap(2100))
DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
def day_of_year(y, m, d):
    return sum(DAYS[:m - 1]) + d + (1 if m > 2 and is_leap(y) else 0)
print(day_of_year(2024, 3, 1), day_of_year(2023, 12, 31), day_of_year(2000, 2, 29))
def weekday(y, m, d):
    t = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
    if m < 3:
        y -= 1
    return (y + y // 4 - y // 100 + y // 400 + t[m - 1] + d) % 7
names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
for date in [(1970, 1, 1), (2000, 1, 1), (2024, 2, 29), (1969, 7, 20)]:
    print(date, names[weekday(*date)])
def days_between(a, b):
    def ordinal(y, m, d):
        y1 = y - 1
        return y1 * 365 + y1 // 4 - y1 // 100 + y1 // 400 + day_of_year(y, m, d)
    return ordinal(*b) - ordinal(*a)
print(days_between((2000, 1, 1), (2024, 1, 1)), days_between((2024, 3, 1), (2024, 2, 1)))

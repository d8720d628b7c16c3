# Course-style data wrangling over a list of records: filter, group, aggregate, report
raw = """name,dept,salary,start
alice,eng,120000,2019
bob,eng,95000,2021
carol,sales,70000,2018
dave,sales,82000,2020
erin,hr,65000,2017
frank,eng,105000,2016
grace,hr,72000,2022"""
lines = raw.split("\n")
header = lines[0].split(",")
records = []
for line in lines[1:]:
    values = line.split(",")
    rec = dict(zip(header, values))
    rec["salary"] = int(rec["salary"])
    rec["start"] = int(rec["start"])
    records.append(rec)
print(len(records), records[0])
by_dept = {}
for r in records:
    by_dept.setdefault(r["dept"], []).append(r)
for dept, rs in sorted(by_dept.items()):
    salaries = [r["salary"] for r in rs]
    mean = sum(salaries) / len(salaries)
    print(f"{dept:<6} n={len(rs)} mean={mean:,.1f} max={max(salaries)} names={[r['name'] for r in rs]}")
senior = [r["name"] for r in records if r["start"] <= 2018]
print("senior:", senior)
top = sorted(records, key=lambda r: r["salary"], reverse=True)[:3]
print("top3:", [(r["name"], r["salary"]) for r in top])
raise_pct = {"eng": 0.05, "sales": 0.03, "hr": 0.04}
for r in records:
    r["new_salary"] = round(r["salary"] * (1 + raise_pct[r["dept"]]))
print([r["new_salary"] for r in records])
total_increase = sum([r["new_salary"] - r["salary"] for r in records])
print("total increase:", total_increase)
years = sorted({r["start"] for r in records})
print(years, [sum([1 for r in records if r["start"] == y]) for y in years])
def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
print(median([r["salary"] for r in records]), median([1, 2, 3, 4]))
def stdev(xs):
    m = sum(xs) / len(xs)
    return (sum([(x - m) ** 2 for x in xs]) / (len(xs) - 1)) ** 0.5
print(f"{stdev([r['salary'] for r in records]):.3f}")
table = [[r["name"], r["dept"], r["salary"]] for r in records]
table.sort(key=lambda row: (row[1], -row[2]))
for row in table:
    print("{:<8}{:<7}{:>8,}".format(*row))
counts = {}
for r in records:
    counts[r["dept"]] = counts.get(r["dept"], 0) + 1
print(counts, max(counts, key=counts.get))

# statistics: averages, spread and quantiles; results CPython computes exactly with fractions
import statistics

ints = [2, 4, 4, 4, 5, 5, 7, 9]
odd = [1, 3, 5, 7, 11]
floats = [2.5, 3.25, 5.5, 11.25, 0.1, 0.7]
mixed = [1, 2.5, 3, 4.75]
grades = [88.5, 92.25, 79.0, 95.5, 68.75, 84.0, 90.5]
ties = [0.1, 0.2, 0.3, -8.7, 48.23, 47.4, -55.9845]

for name, data in [("ints", ints), ("odd", odd), ("floats", floats), ("mixed", mixed),
                   ("grades", grades), ("ties", ties)]:
    print(name)
    print("  mean", statistics.mean(data), statistics.fmean(data))
    print("  median", statistics.median(data), statistics.median_low(data),
          statistics.median_high(data))
    print("  variance", statistics.variance(data), statistics.pvariance(data))
    print("  stdev", statistics.stdev(data), statistics.pstdev(data))
    print("  quantiles", statistics.quantiles(data), statistics.quantiles(data, n=10))
    print("  inclusive", statistics.quantiles(data, n=4, method="inclusive"))

print(statistics.mean([1, 2, 3]), type(statistics.mean([1, 2, 3])).__name__)
print(statistics.mean([1, 2, 3, 4]), statistics.mean([-8.7, 48.23]), statistics.mean([0.1] * 10))
print(statistics.mean(range(1, 101)), statistics.mean(x * 0.5 for x in range(7)))
print(statistics.variance([2, 4, 6]), statistics.variance([1, 2, 3, 4, 5]))
print(statistics.pvariance([1, 2, 3, 4]), statistics.pstdev([2, 4, 4, 4, 5, 5, 7, 9]))
print(statistics.stdev([1.5, 2.5, 2.5, 2.75, 3.25, 4.75]))
print(statistics.variance([1, 2, 3, 4, 5], 3), statistics.pvariance([0.5, 1.5, 2.0], mu=1.0))
print(statistics.stdev([10, 20, 30, 40], xbar=25), statistics.pstdev([47.4, -55.9845]))
print(statistics.pstdev([-28.245, 34.0]), statistics.pstdev([48.0, -11.2]))
print(statistics.harmonic_mean([40, 60]), statistics.harmonic_mean([10, 40]))
print(statistics.harmonic_mean([40, 60], weights=[5, 30]), statistics.harmonic_mean([2.5, 3, 10]))
print(statistics.harmonic_mean([5]), statistics.harmonic_mean([3, 0, 4]))
print(statistics.geometric_mean([54, 24, 36]), statistics.geometric_mean([1.5, 2.5, 8.0]))
print(statistics.fmean([3.5, 4.0, 5.25]), statistics.fmean([1, 2, 3], weights=[0.25, 0.25, 0.5]))
print(statistics.median([1, 3, 5]), statistics.median([1, 3, 5, 7]), statistics.median([2.5, 1]))
print(statistics.mode([1, 1, 2, 3, 3, 3, 3, 4]), statistics.mode(["red", "blue", "blue", "red"]))
print(statistics.mode("aabbbc"), statistics.multimode("aabbbcddddeeee"), statistics.multimode([]))
print(statistics.multimode([3, 1, 3, 1, 2]))
print(statistics.quantiles([1, 2], n=2), statistics.quantiles(range(1, 11), n=5))
print(statistics.quantiles([105, 129, 87, 86, 111, 111, 89, 81, 108, 92, 110, 100, 75, 105,
                            103, 109, 76, 119, 99, 91, 103, 129, 106, 101, 84, 111, 74, 87,
                            86, 103, 103, 106, 86, 111, 75, 87, 102, 121, 111, 88, 89, 101,
                            106, 95, 103, 107, 101, 81, 109, 104], n=10))

def attempt(f, *args, **kwargs):
    try:
        print(f(*args, **kwargs))
    except (statistics.StatisticsError, ValueError) as e:
        print(type(e).__name__, e, isinstance(e, ValueError))

attempt(statistics.mean, [])
attempt(statistics.fmean, [])
attempt(statistics.fmean, [1, 2], weights=[1])
attempt(statistics.fmean, [1, 2], weights=[1, -1])
attempt(statistics.median, [])
attempt(statistics.median_low, [])
attempt(statistics.median_high, [])
attempt(statistics.mode, [])
attempt(statistics.variance, [1])
attempt(statistics.stdev, [1.5])
attempt(statistics.pvariance, [])
attempt(statistics.pstdev, [])
attempt(statistics.quantiles, [1])
attempt(statistics.quantiles, [1, 2, 3], n=0)
attempt(statistics.quantiles, [1, 2, 3], method="middle")
attempt(statistics.harmonic_mean, [])
attempt(statistics.harmonic_mean, [1, -2])
attempt(statistics.harmonic_mean, [1, 2], weights=[1])
attempt(statistics.geometric_mean, [])
attempt(statistics.geometric_mean, [2, 0, 3])
print(issubclass(statistics.StatisticsError, ValueError))

# Fitting y = a*x + b by gradient descent and by the closed form, in pure Python floats
xs = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]
ys = [1.1, 2.9, 5.2, 7.1, 8.8, 11.2, 13.1, 14.8]
n = len(xs)
a, b = 0.0, 0.0
lr = 0.01
for step in range(1, 3001):
    grad_a = 0.0
    grad_b = 0.0
    for x, y in zip(xs, ys):
        err = a * x + b - y
        grad_a += 2 * err * x / n
        grad_b += 2 * err / n
    a -= lr * grad_a
    b -= lr * grad_b
    if step in (1, 10, 100, 1000, 3000):
        mse = sum([(a * x + b - y) ** 2 for x, y in zip(xs, ys)]) / n
        print(f"step {step:5d}: a={a:.6f} b={b:.6f} mse={mse:.6f}")
mx = sum(xs) / n
my = sum(ys) / n
sxy = sum([(x - mx) * (y - my) for x, y in zip(xs, ys)])
sxx = sum([(x - mx) ** 2 for x in xs])
a_hat = sxy / sxx
b_hat = my - a_hat * mx
print(f"closed form: a={a_hat:.6f} b={b_hat:.6f}")
print(abs(a - a_hat) < 1e-3, abs(b - b_hat) < 1e-2)
ss_tot = sum([(y - my) ** 2 for y in ys])
ss_res = sum([(y - (a_hat * x + b_hat)) ** 2 for x, y in zip(xs, ys)])
print(f"r^2 = {1 - ss_res / ss_tot:.6f}")
def f(x):
    return (x - 3) ** 2 + 1
def df(x):
    return 2 * (x - 3)
x = 10.0
for i in range(50):
    x -= 0.1 * df(x)
print(round(x, 6), round(f(x), 6))

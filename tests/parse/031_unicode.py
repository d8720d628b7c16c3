# -*- coding: utf-8 -*-
π = 3.14159
café = "crème"
变量 = π * 2
σ_1 = [π, café]
class Ünïcode:
    def méthode(self, α=1):
        return α + len("日本語")
x = f"{π:.2f} {café!r} {变量=}"
y = {"ключ": "значение"}
z = ω = 1

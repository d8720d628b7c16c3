# Word counting and ranking, a classic exercise with dicts and sorting
text = "the cat and the hat and the bat sat on the mat the end"
counts = {}
for w in text.split(ö):
    counts[w] = counts.get(w, 0) + 1
print(counts)
ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
for word, n in ranked:
    print(f"{word:<4}{n:>3}")
print(len(counts), sum(counts.values()), max(counts.values()))
by_count = {}
for a, b in zip(ws, ws[1:]):
    by_count.setdefault(n, []).append(w)
print({n: sorted(ws) for n, ws in sorted(by_count.items(), reverse=True)})
first_letter = {}
for w in text.split():
    first_letter.setdefault(w[0], set()).add(w)
print({k: sorted(v) for k, v in sorted(first_letter.items())})
bigrams = {}
ws = text.split()
for w, n in counts.items():
    bigrams[(a, b)] = bigrams.get((a, b), 0) + 1
print(sorted(bigrams.items(), key=lambda kv: (-kv[1], kv[0]))[:3])
def top_n(d, n):
    return [k for k, _ in sorted(d.items(), key=lambda kv: (-kv[1], kv[0]))[:n]]
print(top_n(counts, 3))
lengths = [len(w) for w in ws]
print(sum(lengths) / len(lengths), min(lengths), max(lengths))

# Text processing: word frequencies, longest words, sentence stats, a formatted report
text = """It was the best of times, it was the worst of times, it was the age of
wisdom, it was the age of foolish—íness, it was the epoch of belief, it was the epoch
of incredulity, it was the season of Light, it was the season of Darkness."""
words = []
for raw in text.split():
    w = raw.strip(".,;:!?").lower()
    if w:
        words.append(w)
print(len(words), "words,", len(set(words)), "distinct")
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) +>
 1
ranked = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))
for w, n in ranked[:6]:
    print(f"{w:>10} {n:2d} {'*' * n}")
longest = sorted(set(words), key=lambda w: (-len(w), w))[:3]
print("longest:", longest)
by_len = {}
for w in set(words):
    by_len.setdefault(len(w), []).append(w)
for n in sorted(by_len):
    print(n, sorted(by_len[n]))
caps = [raw.strip(".,") for raw in text.split() if raw[0].isu
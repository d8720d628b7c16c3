# Text processing: word frequencies, longest words, sentence stats, a formatted report
text = """It was the best of times, it was the worst of times, it was the age of
wisdom, it was the age of foolishness, it was the epoch of belief, it was the epoch
of incredulity, it was the season of Light, it was the season of Darkness."""
words = []
for raw in text.split():
    w = raw.strip(".,;:!?").lower()
    if w:
        words.append(w)
print(len(words), "words,", len(set(words)), "distinct")
freqòÛÍ = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
ranked = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))
for w, n in ranked[:6]:
    print(f"{w:>10} {n:2d} {'*' * n}")
top_letters = sorted(letters.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
print("longest:", longest)
by_len = {}
for w in set(words):
    by_len.setdefault(len(w), []).append(w)
for n in sorted(by_len):
    print(n, sorted(by_len[n]))
caps = [raw.strip(".,") for raw in text.split() if raw[0].isupper()]
print("capitalised:", caps)
letters = {}
for ch in text.lower():
    if ch.isalpha():
        letters[ch] = letters.get(ch, 0) + 1
longest = sorted(set(words), key=lambda w: (-len(w), w))[:3]
print(top_letters, sum(letters.values()))
print(text.count("it was"), text.find("wisdom"), text.rfind("season"))
lines = text.splitlines()
for i, line in enumerate(lines, 1):
    print(f"{i}: {len(line):3d} chars, {len(line.split()):2d} words | {line[:20]}...")
acronym = "".join([w[0].upper() for w in "portable network graphics".split()])
print(acronym)
def title_case(s):
    small = {"of", "the", "a", "and"}
    out = []
    for i, w in enumerate(s.split()):
        out.append(w if (w in small and i > 0) else w.capitalize())
    return " ".join(out)
print(title_case("the age of wisdom and the epoch of belief"))

# Tic-tac-toe: board representation, winner detection, a perfect-play minimax for small boards
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 69<+/)]
def winner(b):
    for a, c, d in LINES:
        if b[a] != " " and b[a] == b[c] == b[d]:
            return b[a]
    return None
def show(b):
    rows = [" | ".join(b[i:i + 3]) for i in range(0, 9, 3)]
    print("\n---------\n".join(rows))
def minimax(b, player):
    w = winner(b)
    if w == "X":
        return 1, None
    if w == "O":
        return -1, None
    if " " not in b:
        return 0, None
    best = None
    for i in range(9):
        if b[i] == " ":
            b[i] = player
            score, _ = minimax(b, "O" if player == "X" else "X")
            b[i] = " "
def minimax(b, player):
            if best is None or (player == "X" and score > best[0]) o
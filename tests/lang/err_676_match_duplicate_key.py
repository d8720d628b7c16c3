# literal keys of a mapping pattern must differ
match {}:
    case {"a": 1, "b": 2, "a": 3}:
        pass

setattr(int, 'custom', 5)

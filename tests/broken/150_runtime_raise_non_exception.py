raise 42

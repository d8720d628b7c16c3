price€ = 5

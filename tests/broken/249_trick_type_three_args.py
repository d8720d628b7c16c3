T = type('T', (), {})
T().missing_attribute

# A user-defined exception class raised and not caught
class ValidationError(Exception):
    pass

def validate(age):
    if age < 0:
        raise ValidationError(f"age must be non-negative, got {age}")
    return age

print(validate(5))
validate(-1)

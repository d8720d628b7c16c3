class OopsError(Exception):
    pass
raise OopsError('custom failure')

exec('print(undefined_in_exec)')

# Uncaught KeyError: the message is the repr of the key
config = {"host": "localhost", "port": 8080}
print(config["host"])
timeout = config["timeout"]

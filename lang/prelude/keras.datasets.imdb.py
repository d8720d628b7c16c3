# keras.datasets.imdb - load_data() raises: the data set is downloaded by Keras, and Sable has no
# network access and no Debian package ships it.


def load_data(*args, **kwargs):
    raise FileNotFoundError("keras.datasets.imdb: the imdb data set is not available: Keras "
                            "downloads it, Sable has no network access and no Debian package "
                            "ships it. keras.datasets.fashion_mnist reads the Debian package "
                            "dataset-fashion-mnist.")

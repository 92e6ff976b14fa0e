# Reexport for more ergonomic use in calling code.
from .sql_alchemy_driver import AsyncDriver as AsyncDriver, Driver as Driver

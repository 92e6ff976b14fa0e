# Reexport for more ergonomic use in calling code.
from .driver_protocol import (
    ExecutorProtocol as ExecutorProtocol,
    JobInsertParams as JobInsertParams,
    DriverProtocol as DriverProtocol,
)

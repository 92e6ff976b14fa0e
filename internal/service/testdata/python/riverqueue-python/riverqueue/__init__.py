# Reexport for more ergonomic use in calling code.
from .client import (
    MAX_ATTEMPTS_DEFAULT as MAX_ATTEMPTS_DEFAULT,
    PRIORITY_DEFAULT as PRIORITY_DEFAULT,
    QUEUE_DEFAULT as QUEUE_DEFAULT,
    UNIQUE_STATES_DEFAULT as UNIQUE_STATES_DEFAULT,
    AsyncClient as AsyncClient,
    JobArgs as JobArgs,
    JobArgsWithInsertOpts as JobArgsWithInsertOpts,
    Client as Client,
    InsertManyParams as InsertManyParams,
)
from .client import (
    InsertOpts as InsertOpts,
    InsertResult as InsertResult,
    UniqueOpts as UniqueOpts,
)
from .job import (
    AttemptError as AttemptError,
    Job as Job,
    JobState as JobState,
)

# types.py
# Copyright (C) 2005-2026 the SQLAlchemy authors and contributors
# <see AUTHORS file>
#
# This module is part of SQLAlchemy and is released under
# the MIT License: https://www.opensource.org/licenses/mit-license.php

"""Compatibility namespace for sqlalchemy.sql.types."""

from __future__ import annotations

from .sql.sqltypes import _Binary as _Binary
from .sql.sqltypes import ARRAY as ARRAY
from .sql.sqltypes import BIGINT as BIGINT
from .sql.sqltypes import BigInteger as BigInteger
from .sql.sqltypes import BINARY as BINARY
from .sql.sqltypes import BLOB as BLOB
from .sql.sqltypes import BOOLEAN as BOOLEAN
from .sql.sqltypes import Boolean as Boolean
from .sql.sqltypes import CHAR as CHAR
from .sql.sqltypes import CLOB as CLOB
from .sql.sqltypes import Concatenable as Concatenable
from .sql.sqltypes import DATE as DATE
from .sql.sqltypes import Date as Date
from .sql.sqltypes import DATETIME as DATETIME
from .sql.sqltypes import DateTime as DateTime
from .sql.sqltypes import DECIMAL as DECIMAL
from .sql.sqltypes import DOUBLE as DOUBLE
from .sql.sqltypes import Double as Double
from .sql.sqltypes import DOUBLE_PRECISION as DOUBLE_PRECISION
from .sql.sqltypes import Enum as Enum
from .sql.sqltypes import FLOAT as FLOAT
from .sql.sqltypes import Float as Float
from .sql.sqltypes import Indexable as Indexable
from .sql.sqltypes import INT as INT
from .sql.sqltypes import INTEGER as INTEGER
from .sql.sqltypes import Integer as Integer
from .sql.sqltypes import Interval as Interval
from .sql.sqltypes import JSON as JSON
from .sql.sqltypes import LargeBinary as LargeBinary
from .sql.sqltypes import MatchType as MatchType
from .sql.sqltypes import NCHAR as NCHAR
from .sql.sqltypes import NULLTYPE as NULLTYPE
from .sql.sqltypes import NullType as NullType
from .sql.sqltypes import NUMERIC as NUMERIC
from .sql.sqltypes import Numeric as Numeric
from .sql.sqltypes import NVARCHAR as NVARCHAR
from .sql.sqltypes import PickleType as PickleType
from .sql.sqltypes import REAL as REAL
from .sql.sqltypes import SchemaType as SchemaType
from .sql.sqltypes import SMALLINT as SMALLINT
from .sql.sqltypes import SmallInteger as SmallInteger
from .sql.sqltypes import String as String
from .sql.sqltypes import STRINGTYPE as STRINGTYPE
from .sql.sqltypes import TEXT as TEXT
from .sql.sqltypes import Text as Text
from .sql.sqltypes import TIME as TIME
from .sql.sqltypes import Time as Time
from .sql.sqltypes import TIMESTAMP as TIMESTAMP
from .sql.sqltypes import TupleType as TupleType
from .sql.sqltypes import Unicode as Unicode
from .sql.sqltypes import UnicodeText as UnicodeText
from .sql.sqltypes import UUID as UUID
from .sql.sqltypes import Uuid as Uuid
from .sql.sqltypes import VARBINARY as VARBINARY
from .sql.sqltypes import VARCHAR as VARCHAR
from .sql.type_api import adapt_type as adapt_type
from .sql.type_api import ExternalType as ExternalType
from .sql.type_api import to_instance as to_instance
from .sql.type_api import TypeDecorator as TypeDecorator
from .sql.type_api import TypeEngine as TypeEngine
from .sql.type_api import UserDefinedType as UserDefinedType
from .sql.type_api import Variant as Variant

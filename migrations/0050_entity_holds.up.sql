-- Legal holds: an entity key held here is never deleted. A delete_entity
-- job for it waits (snoozed, its output saying held) until the hold is
-- released. Placing and releasing a hold take the entity's exclusive
-- advisory lock, as a deletion does, so the two never interleave. key is
-- canonical (as the entity's key column spells it).
CREATE TABLE lethe_entity_holds (
    entity  text        NOT NULL,
    key     text        NOT NULL,
    reason  text        NOT NULL CHECK (reason <> '' AND octet_length(reason) <= 500),
    held_by text        NOT NULL,
    held_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (entity, key)
);

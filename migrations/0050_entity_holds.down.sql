DROP TABLE IF EXISTS lethe_entity_holds;

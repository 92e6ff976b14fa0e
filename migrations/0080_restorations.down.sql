DROP TABLE IF EXISTS lethe_restorations;

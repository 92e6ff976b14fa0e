DROP TABLE IF EXISTS lethe_expire_blob_deletes;

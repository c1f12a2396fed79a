"""The process: its start-up objects kept out of the garbage collector's passes (`startup_freeze`), and
the worker pools ended the one way every long job ends them (`worker_pools`)."""

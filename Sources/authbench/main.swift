import CBaseline

print(cb_sodium_init())

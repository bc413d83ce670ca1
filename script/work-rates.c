/*
 * Measures the rate table of Sources/AuthCore/Values/LegacyPasswordHash+Work.swift (WorkRates) on
 * this machine, through the libraries authcli calls: libxcrypt's crypt_rn, Nettle's PBKDF2
 * (SHA-256 and SHA-1), libsodium's scrypt and Argon2id.
 *
 * A wrong password on a kept hash is verified by its scheme and then padded with Argon2id
 * (t = 2) over the memory the rate table leaves: the current cost's work (65536 KiB × 2) less
 * the scheme's work. The right rate is the one whose pad ends the pair at the time of one
 * Argon2id verify at the current cost. That is measured as it happens at sign-in, the
 * scheme's verify and the pad one after the other, alternating with a verify at the current
 * cost: Argon2id's time is not proportional to its memory (a small one stays in the cache),
 * and a pad that follows another scheme's work runs slower than the same Argon2id alone.
 *
 * Each time is taken as the fastest of its repetitions: another process can only slow a run,
 * so the fastest is the one least disturbed, where a median moves with the load (scrypt's
 * rate, 3.08 from medians under a load average of 6-10, padded a new process's wrong
 * password to 0.80 of an unknown name's time). The rate from medians is printed beside it;
 * where the two differ by more than 3 % the line is marked "unsteady", and the load average
 * before and after is printed: run it again with nothing else running.
 *
 * A scheme whose default costs more than the default work (Django's scrypt) is only kept on
 * a store whose sign-in work is raised, so its rate is measured as it runs there: against a
 * verify at that raised work (what Django 4.2-5.2's dearest default, bcrypt_sha256 at 12
 * rounds, needs with its 10 % margin: 324404 KiB x passes).
 *
 * Usage: work-rates [repetitions]   (default 21)
 */
#include <crypt.h>
#include <math.h>
#include <nettle/pbkdf2.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { default_kib = 65536, raised_kib = 162202, passes = 2, span_kib = 8192, min_pad_kib = 1024 };
static const char wrong[] = "a wrong password of fair length";

/* The hashes of authbench's figure 5 (LegacyHashFigures), made by each scheme's own tool. */
static const struct scheme {
  const char *label, *hash;
  double units; /* the stated cost in the table's unit: rounds, KiB, iterations */
  int current_kib; /* the Argon2id memory (t = 2) of the check it is padded up to; 0: default */
} schemes[] = {
  {"bcrypt per round (cost 10)", "$2y$10$U1yni3LnMaTTpCfy0fUlu..htfbDQumyK6h5/y5mVb5K.b10euzLq",
   1024},
  {"sha512-crypt per round (5000)",
   "$6$/jPTP7qDUQe/fe9P$1i7i9xnpHpAf0uZ2HxVGs2XSJcVeokX3O/tAu5usZUB2K83lGqsdhA0KU7GTcHfolVy7iA"
   "zShkRWxzn/IL7Hp1",
   5000},
  {"sha256-crypt per round (5000)",
   "$5$00A6waOqbmEkZ5ad$jIfguvsS.BzOX7t2bpCev7MHJa3VjYv3OnpfXl94S69", 5000},
  {"yescrypt per KiB (j9T, 16384 KiB)",
   "$y$j9T$yniDhDvEI5qZr6b4komsx1$12ML17/b8iUr8Djg.xlowr0R/sCIgve4vvXR0fq.lHB", 16384},
  {"pbkdf2_sha256 per iteration (260000)", "pbkdf2", 260000},
  {"pbkdf2_sha1 per iteration (260000)", "pbkdf2_sha1", 260000},
  /* Django's scrypt at its default, N = 2^14, r = 8, p = 5: 128 × N × r bytes, 16384 KiB
   * per lane, five lanes; kept only on a raised store, so measured against the raised work. */
  {"scrypt per KiB (N=2^14, r=8, p=5; raised)", "scrypt", 16384.0 * 5, raised_kib},
  {"argon2id lanes factor (m=32768, t=2, p=8)",
   "$argon2id$v=19$m=32768,t=2,p=8$1ToHAKD0nvOes/Y+p9R6rw$ZauBYsSckR51iIYsjlya7H7PDMyrDvXxkW6Ut7s"
   "Pkao",
   32768.0 * 2},
};

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The fastest and the median of `count` times. */
struct spread {
  double fastest, median;
};

static struct spread spread_of(double *times, int count) {
  qsort(times, (size_t)count, sizeof *times, by_value);
  return (struct spread){times[0], times[count / 2]};
}

static void print_load(const char *when) {
  FILE *file = fopen("/proc/loadavg", "r");
  double load = -1;
  if (file != NULL) {
    if (fscanf(file, "%lf", &load) != 1) load = -1;
    fclose(file);
  }
  if (load >= 0) printf("load average %s: %.2f\n", when, load);
}

static void verify_scheme(const char *hash) {
  if (strcmp(hash, "pbkdf2_sha1") == 0) {
    uint8_t derived[20];
    pbkdf2_hmac_sha1(sizeof wrong - 1, (const uint8_t *)wrong, 260000, 12,
                     (const uint8_t *)"LhboQsBzxdx3", sizeof derived, derived);
  } else if (strcmp(hash, "scrypt") == 0) {
    uint8_t derived[64];
    if (crypto_pwhash_scryptsalsa208sha256_ll((const uint8_t *)wrong, sizeof wrong - 1,
                                              (const uint8_t *)"LhboQsBzxdx3", 12, 1 << 14, 8, 5,
                                              derived, sizeof derived) != 0)
      exit(3);
  } else if (strcmp(hash, "pbkdf2") == 0) {
    /* Django's pbkdf2_sha256 fixture: 260000 iterations, this salt, 32 bytes. */
    uint8_t derived[32];
    pbkdf2_hmac_sha256(sizeof wrong - 1, (const uint8_t *)wrong, 260000, 12,
                       (const uint8_t *)"LhboQsBzxdx3", sizeof derived, derived);
  } else if (strncmp(hash, "$argon2", 7) == 0) {
    if (crypto_pwhash_str_verify(hash, wrong, sizeof wrong - 1) == 0) exit(3);
  } else {
    struct crypt_data data;
    memset(&data, 0, sizeof data);
    if (crypt_rn(wrong, hash, &data, sizeof data) == NULL) exit(3);
  }
}

/* A hash of `kib` KiB (t = 2) that the wrong password does not match. */
static void make_pad(char *hash, size_t kib) {
  if (crypto_pwhash_str(hash, "another", 7, passes, kib * 1024) != 0) exit(3);
}

static void verify_pad(const char *hash) {
  if (crypto_pwhash_str_verify(hash, wrong, sizeof wrong - 1) == 0) exit(3);
}

/* The time of the scheme's verify followed by a pad of `pad_kib`, over the time of a verify
 * at the current cost (`full`), the two alternating: the ratio of the fastest runs and the
 * ratio of the medians. */
static struct spread pair_ratio(const char *scheme_hash, const char *full, size_t pad_kib,
                                int repetitions) {
  char pad[crypto_pwhash_STRBYTES];
  make_pad(pad, pad_kib);
  double pairs[repetitions], fulls[repetitions];
  for (int index = 0; index < repetitions; index++) {
    double start = now_ms();
    verify_pad(full);
    fulls[index] = now_ms() - start;
    start = now_ms();
    verify_scheme(scheme_hash);
    verify_pad(pad);
    pairs[index] = now_ms() - start;
  }
  struct spread pair = spread_of(pairs, repetitions), one = spread_of(fulls, repetitions);
  return (struct spread){pair.fastest / one.fastest, pair.median / one.median};
}

/* The pad (KiB) where the line through the two ratios, at `low` and `high`, reaches 1. */
static double pad_at_one(double low, double low_ratio, double high, double high_ratio,
                         double guess, int current_kib) {
  double pad_kib =
    high_ratio == low_ratio ? guess : low + (1 - low_ratio) * (high - low) / (high_ratio - low_ratio);
  if (pad_kib < 0) pad_kib = 0;
  if (pad_kib > current_kib) pad_kib = current_kib;
  return pad_kib;
}

int main(int argc, char **argv) {
  int repetitions = argc > 1 ? atoi(argv[1]) : 21;
  if (repetitions < 3 || sodium_init() < 0) return 2;
  print_load("before");
  int currents[] = {default_kib, raised_kib};
  char fulls_hash[2][crypto_pwhash_STRBYTES];
  double full_ms[2];
  for (int which = 0; which < 2; which++) {
    make_pad(fulls_hash[which], (size_t)currents[which]);
    double fulls[repetitions];
    for (int index = 0; index < repetitions; index++) {
      double start = now_ms();
      verify_pad(fulls_hash[which]);
      fulls[index] = now_ms() - start;
    }
    struct spread full = spread_of(fulls, repetitions);
    full_ms[which] = full.fastest;
    printf("Argon2id m=%d KiB, t=%d: fastest %.2f ms, median %.2f ms (%d runs)\n",
           currents[which], passes, full.fastest, full.median, repetitions);
  }
  /* Argon2id's time grows faster than its work (a larger memory misses the caches and the
   * TLB more often): the exponent of that growth between the default and the raised work,
   * which scales a process's first timed verify of a cheaper own hash up to the current
   * cost (Argon2idHasher.timeExponent). Timed alternating, as the two follow each other at
   * sign-in: timed in blocks, each size's runs find the memory in another state. */
  double smalls[repetitions], larges[repetitions];
  for (int index = 0; index < repetitions; index++) {
    double start = now_ms();
    verify_pad(fulls_hash[1]);
    larges[index] = now_ms() - start;
    start = now_ms();
    verify_pad(fulls_hash[0]);
    smalls[index] = now_ms() - start;
  }
  struct spread small = spread_of(smalls, repetitions), large = spread_of(larges, repetitions);
  double work_ratio = log((double)raised_kib / default_kib);
  printf("Argon2id time exponent (m=%d -> m=%d KiB, alternating): %.3f (medians %.3f)\n",
         default_kib, raised_kib, log(large.fastest / small.fastest) / work_ratio,
         log(large.median / small.median) / work_ratio);
  printf("\n%-44s %10s %10s %10s %10s\n", "rate", "verify ms", "pad KiB", "measured",
         "medians");
  for (size_t index = 0; index < sizeof schemes / sizeof *schemes; index++) {
    int which = schemes[index].current_kib == raised_kib ? 1 : 0;
    int current_kib = currents[which];
    const char *full = fulls_hash[which];
    double times[repetitions];
    for (int repetition = 0; repetition < repetitions; repetition++) {
      double start = now_ms();
      verify_scheme(schemes[index].hash);
      times[repetition] = now_ms() - start;
    }
    double scheme_ms = spread_of(times, repetitions).fastest;
    /* A first guess from the time alone, then the pair timed with a pad on either side of
     * it: the pad where the line through the two ratios reaches 1. */
    double guess = current_kib * (1 - scheme_ms / full_ms[which]);
    double low = guess - span_kib < min_pad_kib ? min_pad_kib : guess - span_kib;
    double high = guess + span_kib > current_kib ? current_kib : guess + span_kib;
    struct spread low_ratio = pair_ratio(schemes[index].hash, full, (size_t)low, repetitions);
    struct spread high_ratio = pair_ratio(schemes[index].hash, full, (size_t)high, repetitions);
    double pad_fastest =
      pad_at_one(low, low_ratio.fastest, high, high_ratio.fastest, guess, current_kib);
    double pad_median =
      pad_at_one(low, low_ratio.median, high, high_ratio.median, guess, current_kib);
    double rate = ((double)current_kib - pad_fastest) * passes / schemes[index].units;
    double rate_median = ((double)current_kib - pad_median) * passes / schemes[index].units;
    double apart = rate > rate_median ? rate / rate_median : rate_median / rate;
    printf("%-44s %10.2f %10.0f %10.3f %10.3f%s\n", schemes[index].label, scheme_ms, pad_fastest,
           rate, rate_median, apart > 1.03 ? "  unsteady" : "");
  }
  print_load("after");
  return 0;
}

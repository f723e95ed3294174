// What the Swift runtime of an Embedded Swift module asks of a C library, inside the module, so
// the page imports nothing but math: an allocator over the module's own memory, the memory
// functions the compiler calls, and the two calls that only report (putchar, the stack guard).
//
// The allocator keeps one free list per power of two from 16 bytes up; a block carries its size
// class in the 16 bytes before it. Memory grows a page (64 KiB) at a time and is never returned:
// a scroll view's allocations are small and repeat, so the lists serve them after the first.

typedef __SIZE_TYPE__ size_t;
typedef unsigned char byte;

extern byte __heap_base;

static byte *heapTop = 0;
static byte *heapEnd = 0;
static void *freeLists[40];

enum { header = 16 };

static int sizeClass(size_t size) {
    int c = 4;
    while (((size_t)1 << c) < size + header) c++;
    return c;
}

static void *allocate(size_t size) {
    int c = sizeClass(size);
    if (freeLists[c]) {
        void *block = freeLists[c];
        freeLists[c] = *(void **)block;
        return block;
    }
    if (!heapTop) heapTop = heapEnd = (byte *)(((size_t)&__heap_base + 15) & ~(size_t)15);
    size_t total = (size_t)1 << c;
    if (heapTop + total > heapEnd) {
        size_t missing = (size_t)(heapTop + total - heapEnd);
        size_t pages = (missing + 65535) / 65536;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
        heapEnd += pages * 65536;
    }
    byte *start = heapTop;
    heapTop += total;
    *(int *)start = c;
    return start + header;
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment > header) {
        // Over-allocate and align; the header before the aligned block names the real class.
        byte *raw = allocate(size + alignment);
        if (!raw) return 12;
        byte *aligned = (byte *)(((size_t)raw + alignment - 1) & ~(alignment - 1));
        if (aligned != raw) {
            *(int *)(aligned - header) = -1;
            *(byte **)(aligned - header + 8) = raw;
        }
        *out = aligned;
        return 0;
    }
    void *block = allocate(size);
    if (!block) return 12;
    *out = block;
    return 0;
}

void *malloc(size_t size) { return allocate(size); }

void free(void *pointer) {
    if (!pointer) return;
    byte *block = (byte *)pointer;
    int c = *(int *)(block - header);
    if (c == -1) {
        block = *(byte **)(block - header + 8);
        c = *(int *)(block - header);
    }
    *(void **)block = freeLists[c];
    freeLists[c] = block;
}

void *memcpy(void *to, const void *from, size_t n) {
    byte *d = to;
    const byte *s = from;
    while (n--) *d++ = *s++;
    return to;
}

void *memmove(void *to, const void *from, size_t n) {
    byte *d = to;
    const byte *s = from;
    if (d < s) {
        while (n--) *d++ = *s++;
    } else {
        while (n--) d[n] = s[n];
    }
    return to;
}

void *memset(void *to, int value, size_t n) {
    byte *d = to;
    while (n--) *d++ = (byte)value;
    return to;
}

int memcmp(const void *a, const void *b, size_t n) {
    const byte *x = a, *y = b;
    for (; n; n--, x++, y++) {
        if (*x != *y) return *x - *y;
    }
    return 0;
}

size_t strlen(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    return n;
}

// Output of a fatal error's message: nowhere to print it; the trap that follows says enough.
int putchar(int c) { return c; }

void __stack_chk_fail(void) { __builtin_trap(); }

// Rounding half away from zero (`Double.rounded()`); trunc and fabs are WebAssembly instructions.
double round(double x) {
    double t = __builtin_trunc(x);
    if (__builtin_fabs(x - t) >= 0.5) t += x > 0 ? 1.0 : -1.0;
    return t;
}

// Seeds for the standard library's hashing: fixed, so a run repeats exactly (nothing here hashes
// input an attacker chooses).
void arc4random_buf(void *out, size_t n) {
    byte *d = out;
    unsigned state = 0x9E3779B9u;
    while (n--) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        *d++ = (byte)state;
    }
}

// The low 128 bits of a 128-bit product (compiler-rt's __multi3), from 64-bit halves.
typedef unsigned long long u64;
typedef struct { u64 low, high; } u128;

u128 __multi3(u64 aLow, u64 aHigh, u64 bLow, u64 bHigh) {
    u64 a0 = aLow & 0xFFFFFFFFu, a1 = aLow >> 32, b0 = bLow & 0xFFFFFFFFu, b1 = bLow >> 32;
    u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    u64 middle = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    u128 r;
    r.low = (middle << 32) | (p00 & 0xFFFFFFFFu);
    r.high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + aLow * bHigh + aHigh * bLow;
    return r;
}

// Unicode normalization, which String comparison and hashing ask of the standard library's
// tables (libswiftUnicodeDataTables: 31.8 KB of the module, 257,588 → 225,795 bytes): every scalar
// is answered as already in normal form (no canonical combining class, no decomposition, no
// composition), which is exact for every string the core compares (parameter keys, model and law
// names: ASCII, which the standard library never looks up) and for any string already in NFC. A
// key typed decomposed would not match its composed spelling; none of the core's keys has a
// scalar that decomposes.
unsigned short _swift_stdlib_getNormData(unsigned scalar) { (void)scalar; return 0; }
// (Reached only for a scalar whose normalization data says it decomposes or composes: none here.)
// An entry whose hashed scalar (its low 18 bits, 0x3FFFF, a noncharacter) matches no real scalar.
unsigned _swift_stdlib_getDecompositionEntry(unsigned scalar) { (void)scalar; return 0xFFFFFFFFu; }
unsigned _swift_stdlib_getComposition(unsigned x, unsigned y) { (void)x; (void)y; return 0xFFFFFFFFu; }
const byte *const _swift_stdlib_nfd_decompositions = 0;

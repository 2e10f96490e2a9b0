/* probe.c: one include, named by the build (PROBE_HEADER), compiled with one
 * library's include path: CMakeLists.txt's layer tests build it to show that a
 * folder sees the headers of the folders below it and no others. */
#include PROBE_HEADER

int layers_probe(void);

int layers_probe(void)
{
    return 0;
}

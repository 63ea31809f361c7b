# Realistic-code test of autoscale-rewrite (run_realistic.py says what it checks): the GPT-2 C trainer
# of examples/gpt2, PolyBench kernels and a templated C++ solver, rewritten with the pass-through
# rules, must print exactly what the originals print.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_test(NAME tool.realistic COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/run_realistic.py
  --tool $<TARGET_FILE:autoscale-rewrite> --rules ${PROJECT_SOURCE_DIR}/rules/passthrough.yaml
  --runtime-include ${PROJECT_SOURCE_DIR}/runtime/include "--runtime-lib=$<TARGET_FILE:autoscale> ${AUTOSCALE_STATIC_LINK_LIBS}"
  --root ${PROJECT_SOURCE_DIR})
set_tests_properties(tool.realistic PROPERTIES TIMEOUT 120)

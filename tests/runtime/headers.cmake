# The public headers as users' builds see them (check_header.py): header_strict.c, as C and as C++,
# with gcc and clang-19 under every standard the header supports and strict warnings, must equal the
# plain operators bit for bit; _GNU_SOURCE after autoscale.h must still work; C89 and C++03 stop at
# one #error. A compiler that is not installed makes its tests skip, saying so.
find_program(AUTOSCALE_CLANG_C clang-19)
find_program(AUTOSCALE_CLANG_CXX clang++-19)
set(AUTOSCALE_HEADER_CHECK ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_header.py)
set(AUTOSCALE_HEADER_CHECK_ARGS --include ${PROJECT_SOURCE_DIR}/runtime/include "--lib=$<TARGET_FILE:autoscale> ${AUTOSCALE_STATIC_LINK_LIBS}"
    --src ${CMAKE_CURRENT_SOURCE_DIR} --work ${CMAKE_CURRENT_BINARY_DIR}/header_check)
foreach(pair "gcc;c;${CMAKE_C_COMPILER}" "gcc;c++;${CMAKE_CXX_COMPILER}"
             "clang;c;${AUTOSCALE_CLANG_C}" "clang;c++;${AUTOSCALE_CLANG_CXX}")
  list(GET pair 0 family)
  list(GET pair 1 lang)
  list(GET pair 2 compiler)
  if(NOT compiler)
    set(compiler ${family}-not-found)
  endif()
  string(REPLACE "+" "x" tag ${lang})
  add_test(NAME header_strict_${tag}_${family} COMMAND ${AUTOSCALE_HEADER_CHECK} strict ${lang} ${compiler}
           ${AUTOSCALE_HEADER_CHECK_ARGS})
  add_test(NAME header_old_standard_${tag}_${family} COMMAND ${AUTOSCALE_HEADER_CHECK} old ${lang} ${compiler}
           ${AUTOSCALE_HEADER_CHECK_ARGS})
  set_tests_properties(header_strict_${tag}_${family} header_old_standard_${tag}_${family} PROPERTIES
                       SKIP_RETURN_CODE 77)
endforeach()
add_test(NAME header_feature_macros COMMAND ${AUTOSCALE_HEADER_CHECK} features ${CMAKE_C_COMPILER}
         ${AUTOSCALE_HEADER_CHECK_ARGS})

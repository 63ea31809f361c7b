# How programs find the runtime. Uninstalled: build/pkgconfig/autoscale.pc (static archive, headers
# from the source tree). Installed: autoscale.pc (shared; --static adds what the archive needs),
# autoscale-static.pc (the archive), and the CMake package autoscale (autoscaleConfig.cmake.in
# says which target is which). Every installed path is relative to the prefix, so an installed
# tree can be moved.
include(CMakePackageConfigHelpers)

# What the static archive needs on a link line: the C++ runtime (for C compilers), threads, oneDNN.
list(TRANSFORM AUTOSCALE_CXX_RUNTIME_LIBS PREPEND "-l" OUTPUT_VARIABLE _autoscale_static_libs)
if(AUTOSCALE_HAVE_OPENMP)
  foreach(_lib IN LISTS AUTOSCALE_OPENMP_LIBS)
    if(NOT _lib STREQUAL "pthread")
      list(PREPEND _autoscale_static_libs -l${_lib})
    endif()
  endforeach()
endif()
if(AUTOSCALE_HAVE_DNNL)
  list(PREPEND _autoscale_static_libs -ldnnl)
endif()
if(CMAKE_USE_PTHREADS_INIT)
  # glibc >= 2.34 needs none; older ones do. -lpthread, not -pthread: nvcc takes no -pthread.
  list(APPEND _autoscale_static_libs -lpthread)
endif()
list(JOIN _autoscale_static_libs " " _autoscale_static_libs)
# The tests link libautoscale.a the way the uninstalled autoscale.pc says.
set(AUTOSCALE_STATIC_LINK_LIBS "${_autoscale_static_libs}")

# autoscale_pkgconfig(FILE NAME LIBS LIBS_PRIVATE [REQUIRES]): writes FILE from autoscale.pc.in,
# with the prefix, libdir and includedir set beforehand in AUTOSCALE_PC_*.
function(autoscale_pkgconfig file name libs libs_private)
  set(AUTOSCALE_PC_NAME ${name})
  set(AUTOSCALE_PC_LIBS ${libs})
  set(AUTOSCALE_PC_LIBS_PRIVATE ${libs_private})
  set(AUTOSCALE_PC_REQUIRES "${ARGN}")
  configure_file(${CMAKE_CURRENT_LIST_DIR}/autoscale.pc.in ${file} @ONLY)
endfunction()

# Rewritten CUDA files also link libautoscale_cuda (their device sites register with it) and the
# CUDA libraries it uses: autoscale-cuda.pc, on top of autoscale.pc (or autoscale-static.pc).
set(_autoscale_cuda_libs "")
if(TARGET autoscale_cuda)
  set(_autoscale_cuda_libs "-L${CUDAToolkit_LIBRARY_DIR} -lcublasLt -lcublas -lcudart")
endif()

set(AUTOSCALE_PC_PREFIX ${PROJECT_BINARY_DIR})
set(AUTOSCALE_PC_LIBDIR ${CMAKE_ARCHIVE_OUTPUT_DIRECTORY})
set(AUTOSCALE_PC_INCLUDEDIR ${PROJECT_SOURCE_DIR}/runtime/include)
autoscale_pkgconfig(${PROJECT_BINARY_DIR}/pkgconfig/autoscale.pc autoscale
  "\${libdir}/libautoscale.a ${_autoscale_static_libs}" "")
if(TARGET autoscale_cuda)
  autoscale_pkgconfig(${PROJECT_BINARY_DIR}/pkgconfig/autoscale-cuda.pc autoscale-cuda
    "\${libdir}/libautoscale_cuda.a ${_autoscale_cuda_libs}" "" autoscale)
endif()

# Installed: prefix is found from the .pc file's own folder (pkg-config's ${pcfiledir}).
set(_autoscale_pcdir ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
file(RELATIVE_PATH _autoscale_pc_to_prefix /root/${_autoscale_pcdir} /root)  # ../..
string(REGEX REPLACE "/$" "" _autoscale_pc_to_prefix ${_autoscale_pc_to_prefix})
set(AUTOSCALE_PC_PREFIX "\${pcfiledir}/${_autoscale_pc_to_prefix}")
set(AUTOSCALE_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
set(AUTOSCALE_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
autoscale_pkgconfig(${PROJECT_BINARY_DIR}/pkgconfig-install/autoscale.pc autoscale
  "-L\${libdir} -lautoscale" "${_autoscale_static_libs}")
autoscale_pkgconfig(${PROJECT_BINARY_DIR}/pkgconfig-install/autoscale-static.pc autoscale-static
  "\${libdir}/libautoscale.a ${_autoscale_static_libs}" "")
install(FILES ${PROJECT_BINARY_DIR}/pkgconfig-install/autoscale.pc
              ${PROJECT_BINARY_DIR}/pkgconfig-install/autoscale-static.pc
        DESTINATION ${_autoscale_pcdir})
if(TARGET autoscale_cuda)
  autoscale_pkgconfig(${PROJECT_BINARY_DIR}/pkgconfig-install/autoscale-cuda.pc autoscale-cuda
    "\${libdir}/libautoscale_cuda.a ${_autoscale_cuda_libs}" "" autoscale-static)
  install(FILES ${PROJECT_BINARY_DIR}/pkgconfig-install/autoscale-cuda.pc DESTINATION ${_autoscale_pcdir})
endif()

install(DIRECTORY runtime/include/autoscale DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# One export set per component, so a consumer loads only those whose dependencies it has.
install(TARGETS autoscale_shared EXPORT autoscaleSharedTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS autoscale EXPORT autoscaleStaticTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
set(_autoscale_cmakedir ${CMAKE_INSTALL_LIBDIR}/cmake/autoscale)
set(_autoscale_exports Shared Static)
set(AUTOSCALE_HAVE_CUDA_LIBRARY OFF)
if(TARGET autoscale_cuda)
  set(AUTOSCALE_HAVE_CUDA_LIBRARY ON)
  install(TARGETS autoscale_cuda EXPORT autoscaleCudaTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  list(APPEND _autoscale_exports Cuda)
endif()
foreach(export IN LISTS _autoscale_exports)
  install(EXPORT autoscale${export}Targets NAMESPACE autoscale:: DESTINATION ${_autoscale_cmakedir})
endforeach()
configure_package_config_file(cmake/autoscaleConfig.cmake.in
  ${PROJECT_BINARY_DIR}/autoscaleConfig.cmake INSTALL_DESTINATION ${_autoscale_cmakedir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/autoscaleConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/autoscaleConfig.cmake ${PROJECT_BINARY_DIR}/autoscaleConfigVersion.cmake
        DESTINATION ${_autoscale_cmakedir})
if(TARGET autoscale-rewrite)
  install(FILES cmake/AutoscaleRewrite.cmake cmake/AutoscaleMirror.cmake DESTINATION ${_autoscale_cmakedir})
endif()

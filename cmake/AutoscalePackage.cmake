# How rewritten code finds the runtime: an uninstalled pkg-config file in build/pkgconfig, and, once
# installed, autoscale.pc plus a CMake package (find_package(autoscale) -> autoscale::autoscale).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

get_target_property(_autoscale_extra_libs autoscale AUTOSCALE_PKGCONFIG_LIBS)
if(NOT _autoscale_extra_libs)
  set(_autoscale_extra_libs "")
endif()
set(AUTOSCALE_PC_EXTRA_LIBS "${_autoscale_extra_libs} -lstdc++ -lm -lpthread")

set(AUTOSCALE_PC_CFLAGS "-I${PROJECT_SOURCE_DIR}/runtime/include")
set(AUTOSCALE_PC_LIBDIR "${CMAKE_ARCHIVE_OUTPUT_DIRECTORY}")
configure_file(cmake/autoscale.pc.in ${CMAKE_BINARY_DIR}/pkgconfig/autoscale.pc @ONLY)

set(AUTOSCALE_PC_CFLAGS "-I\${includedir}")
set(AUTOSCALE_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
configure_file(cmake/autoscale.pc.in ${CMAKE_BINARY_DIR}/pkgconfig-install/autoscale.pc @ONLY)

install(TARGETS autoscale EXPORT autoscaleTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY runtime/include/autoscale DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${CMAKE_BINARY_DIR}/pkgconfig-install/autoscale.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
install(EXPORT autoscaleTargets NAMESPACE autoscale::
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/autoscale)
configure_package_config_file(cmake/autoscaleConfig.cmake.in
  ${CMAKE_BINARY_DIR}/autoscaleConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/autoscale)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/autoscaleConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/autoscaleConfig.cmake ${CMAKE_BINARY_DIR}/autoscaleConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/autoscale)
if(TARGET autoscale-rewrite)
  install(TARGETS autoscale-rewrite RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(DIRECTORY rules/ DESTINATION ${CMAKE_INSTALL_DATADIR}/autoscale/rules FILES_MATCHING PATTERN "*.yaml")
  # The stand-in headers the tool parses with; it looks for them beside its executable first.
  install(DIRECTORY tool/data/ DESTINATION ${CMAKE_INSTALL_DATADIR}/autoscale/data)
endif()

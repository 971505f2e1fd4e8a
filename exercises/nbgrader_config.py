# nbgrader configuration for the ecedu exercises (course directory = this folder).
#   nbgrader generate_assignment ex01_gf2m_mul --force     (or: python -m ecedu.grading.release)
#   nbgrader autograde ex01_gf2m_mul
#   nbgrader generate_feedback ex01_gf2m_mul
#   nbgrader export
import os

c = get_config()  # noqa: F821 - provided by nbgrader

c.CourseDirectory.root = os.path.dirname(os.path.abspath(__file__))
c.CourseDirectory.course_id = "ecedu"
# the student version of a solution region
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
# each cell gets at most a minute when autograding; a stuck cell is interrupted
c.Execute.timeout = 60
c.Execute.interrupt_on_timeout = True
# keep feedback readable when a submission prints a lot
c.LimitOutput.max_lines = 200
c.LimitOutput.max_traceback = 50
